// The member's profile as a page needs it: a loading line while it comes, a retry when it did
// not (a session that has ended goes to the login page by itself), the page once it is here.
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Profile } from "./api";
import { useMyPageTexts } from "./texts";

export function ProfileState({ query, children }: { query: UseQueryResult<Profile>; children: (profile: Profile) => ReactNode }) {
  const tx = useMyPageTexts();
  if (query.data) return children(query.data);
  if (query.isError) {
    return (
      <div className="form-stack">
        <p className="form-alert" role="alert">
          {tx.loadFailed}
        </p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {tx.retry}
        </button>
      </div>
    );
  }
  return (
    <p className="loading" role="status">
      {tx.loading}
    </p>
  );
}
