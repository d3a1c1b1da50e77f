// /staff/testdrives/print: the day list of a sales department's test drives.
import { PrintPage } from "./print-page";

export default function TestDrivesPrintPage() {
  return <PrintPage base="/staff/testdrives" />;
}
