// /password/find/options: the two ways back into an account, by e-mail or by phone.
import { Link } from "wouter";
import { CardPage } from "../../components/page/CardPage";
import "./recovery.css";
import { useRecoveryTexts } from "./texts";

export default function FindOptionsPage() {
  const tx = useRecoveryTexts();
  return (
    <CardPage title={tx.optionsTitle} lead={tx.optionsLead}>
      <ul className="recovery-choices">
        <li>
          <Link href="/password/find/email" className="recovery-choice" aria-describedby="recovery-email-hint">
            <span className="recovery-choice-title">{tx.byEmail}</span>
          </Link>
          <p id="recovery-email-hint" className="recovery-choice-hint">
            {tx.byEmailHint}
          </p>
        </li>
        <li>
          <Link href="/password/find/phone" className="recovery-choice" aria-describedby="recovery-phone-hint">
            <span className="recovery-choice-title">{tx.byPhone}</span>
          </Link>
          <p id="recovery-phone-hint" className="recovery-choice-hint">
            {tx.byPhoneHint}
          </p>
        </li>
      </ul>
      <p className="recovery-note">{tx.socialNote}</p>
      <ul className="recovery-links">
        <li><Link href="/member/login">{tx.backToLogin}</Link></li>
      </ul>
    </CardPage>
  );
}
