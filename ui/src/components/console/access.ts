// Who may see a console page. The business's people see its pages; master-only pages are
// the master's. Anyone else gets SPEC's answer to a 403: the login page — without a way back
// to the page refused, since a signed-in visitor on a login page goes on to that address
// (it would bounce back here) or, with none, to the home page.
import { useEffect } from "react";
import { useLocation } from "wouter";
import { isMaster, useMyBusiness, type MyBusiness } from "../../lib/business";

export type ConsoleNeed = "business" | "master";

export type ConsoleAccess =
  | { state: "loading" }
  | { state: "failed"; retry: () => void }
  | { state: "refused" }
  | { state: "ok"; mine: MyBusiness };

export function allowed(mine: MyBusiness | null, need: ConsoleNeed): mine is MyBusiness {
  if (!mine) return false;
  return need === "business" || isMaster(mine);
}

export function useConsoleAccess(need: ConsoleNeed): ConsoleAccess {
  const query = useMyBusiness();
  const [, navigate] = useLocation();
  const refused = query.isSuccess && !allowed(query.data, need);
  useEffect(() => {
    if (refused) navigate("/member/login", { replace: true });
  }, [refused, navigate]);
  if (query.isPending) return { state: "loading" };
  if (query.isError) return { state: "failed", retry: () => void query.refetch() };
  if (!allowed(query.data, need)) return { state: "refused" };
  return { state: "ok", mine: query.data };
}
