// A business as the API answers it (server/src/business/service/profile.rs), and the signed-in
// member's own business with their role in it: the reader's profile page and the business
// console read the same shapes.
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";

export interface CategoryCount {
  categoryId: number;
  count: number;
}

/** `GET /api/v1/businesses/{id}`. */
export interface Business {
  id: number;
  name: string;
  description: string;
  industry: string;
  homepage: string | null;
  location: string | null;
  foundedYear: number | null;
  /** `1-10` | `11-50` | `51-200` | `201-1000` | `1000+` */
  employeeBand: string | null;
  /** Formatted 123-45-67890. */
  registrationNumber: string;
  logoUrl: string | null;
  coverUrl: string | null;
  verified: boolean;
  followerCount: number;
  /** Whether the signed-in reader follows it (false in the guest's answer). */
  following: boolean;
  /** Public posts per category. */
  postCounts: CategoryCount[];
  createdAt: string;
}

/** The employee bands the server accepts, smallest first. */
export const EMPLOYEE_BANDS = ["1-10", "11-50", "51-200", "201-1000", "1000+"] as const;

export type BusinessRole = "BUSINESS_MASTER" | "BUSINESS";

/** `GET /api/v1/mypage/business`: the member's business and role, null when none. */
export interface MyBusiness {
  role: BusinessRole;
  business: Business;
  /** Until when the master's offer of the business to this manager holds; null when none. */
  ownershipOfferUntil?: string | null;
}

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
