// Who may see a console page. The business's people see its pages; master-only pages are
// the master's. Anyone else (always a signed-in member: the route sends guests to the login
// page first) gets the "no access" screen saying why, through the page's error boundary.
import { useQuery } from "@tanstack/react-query";
import { isMaster, myBusinessQuery, type MyBusiness } from "../../lib/business";
import { AppError } from "../../lib/errors";

export type ConsoleNeed = "business" | "master";

export type ConsoleAccess =
  | { state: "loading" }
  | { state: "failed"; retry: () => void }
  | { state: "ok"; mine: MyBusiness };

export function allowed(mine: MyBusiness | null, need: ConsoleNeed): mine is MyBusiness {
  if (!mine) return false;
  return need === "business" || isMaster(mine);
}

export function useConsoleAccess(need: ConsoleNeed): ConsoleAccess {
  const query = useQuery(myBusinessQuery());
  if (query.isPending) return { state: "loading" };
  if (query.isError) return { state: "failed", retry: () => void query.refetch() };
  if (!allowed(query.data, need)) throw new AppError(403, need === "master" ? "business masters only" : "a business's people only");
  return { state: "ok", mine: query.data };
}
