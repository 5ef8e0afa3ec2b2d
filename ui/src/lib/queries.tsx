// The cached client of SPEC §7/§9: GET answers are fresh for 90 s; a failed call reports
// itself once (login redirect for 401/403, the application error event otherwise), unless
// the write says that its form shows its own failure.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { ApiError, GET_CACHE_MS, reportFailure } from "./api";
import { whenSignedOut } from "./session";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /** The page says what went wrong itself (beside its form, in its own words): no
       * application error message and no trip to the login page for this write. */
      ownFailure?: boolean;
    };
  }
}

/** A write whose page shows its failure itself (most forms do): `useMutation({ meta: OWN_FAILURE, … })`. */
export const OWN_FAILURE = { ownFailure: true } as const;

export function makeQueryClient(navigate: (to: string) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => reportFailure(error, navigate) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.ownFailure) reportFailure(error, navigate);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: GET_CACHE_MS,
        gcTime: GET_CACHE_MS * 2,
        refetchOnWindowFocus: false,
        // A missing post or a refused call will not change by asking again.
        retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
      },
    },
  });
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const [client] = useState(() => {
    const made = makeQueryClient(navigate);
    whenSignedOut(() => made.clear());
    return made;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
