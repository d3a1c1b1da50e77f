// /staff/testdrives: the sellers' calendar of the test drives at their
// dealers' sales departments — the workshop's calendar, scoped to them.
import { WorkshopPage } from "./workshop-page";

export default function TestDrivesPage() {
  return <WorkshopPage area="sales" />;
}
