// A business as the API answers it (server/src/business/service/profile.rs), and the signed-in
// member's own business with their role in it: the reader's profile page and the business
// console read the same shapes.
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";
import { type Business, type BusinessRole, type CategoryCount, type Mine } from "./apiSchema";

export type { CategoryCount };

/** `GET /api/v1/businesses/{id}`. */
export type { Business };

/** The employee bands the server accepts, smallest first. */
export const EMPLOYEE_BANDS = ["1-10", "11-50", "51-200", "201-1000", "1000+"] as const;

export type { BusinessRole };

/** `GET /api/v1/mypage/business`: the member's business and role, null when none. */
export type MyBusiness = Mine;

export const MY_BUSINESS_KEY = ["console", "my-business"] as const;

/** The signed-in member's business, asked afresh on each console page (a role can change
 * from another browser: an ownership hand-over, a removal). */
export function myBusinessQuery() {
  return queryOptions({
    queryKey: MY_BUSINESS_KEY,
    queryFn: ({ signal }) => api<MyBusiness | null>("/api/v1/mypage/business", { signal }),
    refetchOnMount: "always",
  });
}

export function isMaster(mine: MyBusiness | null | undefined): boolean {
  return mine?.role === "BUSINESS_MASTER";
}
