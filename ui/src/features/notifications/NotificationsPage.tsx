// The notification pages, one chunk: /mypage/notifications (the notices), its settings
// (/mypage/notifications/settings) and a mail's unsubscribe page (/mail/unsubscribe).
import type { RouteMatch } from "../../lib/core";
import NoticesPage from "./NoticesPage";
import SettingsPage from "./SettingsPage";
import UnsubscribePage from "./UnsubscribePage";

export default function NotificationsPage({ route }: { route: RouteMatch }) {
  switch (route.name) {
    case "notificationSettings":
      return <SettingsPage />;
    case "mailUnsubscribe":
      return <UnsubscribePage />;
    default:
      return <NoticesPage />;
  }
}
