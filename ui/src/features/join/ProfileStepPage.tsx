// /member/join/profile: the steps after the account exists, as the server says where the
// account stands (GET /membership/v1/account/state): the identity certification first, then
// the nickname and interests. A finished join goes on to the complete page.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useLocation } from "wouter";
import { CardPage } from "../../components/page/CardPage";
import { loginHref } from "../../lib/core";
import { useSession } from "../../lib/session";
import { CertifyStep } from "./CertifyStep";
import { ProfileForm } from "./ProfileForm";
import { accountStateQuery } from "./api";
import { Loading } from "./parts";
import "./join.css";
import { useJoinTexts } from "./texts";

export default function ProfileStepPage() {
  const session = useSession();
  if (!session.ready) return <Loading />;
  if (!session.signedIn) return <SignInFirst />;
  return <NextStep />;
}

function NextStep() {
  const state = useQuery(accountStateQuery());
  const [, navigate] = useLocation();
  const done = state.data !== undefined && state.data.nextStep === null;
  useEffect(() => {
    if (done) navigate("/member/join/complete", { replace: true });
  }, [done, navigate]);
  if (!state.data) return <Loading />;
  if (state.data.nextStep === "certify") return <CertifyStep />;
  if (state.data.nextStep === "profile") return <ProfileForm />;
  return <Loading />;
}

/** The account exists but this browser is not signed in to it (a new tab, a session ended). */
function SignInFirst() {
  const tx = useJoinTexts();
  return (
    <CardPage title={tx.signInNeeded} lead={tx.signInNeededLead}>
      <Link href={loginHref("/member/join/profile")} className="button button-primary button-block">
        {tx.signIn}
      </Link>
    </CardPage>
  );
}
