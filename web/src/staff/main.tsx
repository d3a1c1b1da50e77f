// The staff app's entry: a client-rendered app at /staff/ (no server
// render), with styles of its own so the visitors' stylesheet carries none
// of it.
import { createRoot } from "react-dom/client";
import css from "./shell/staff.css?inline";
import { StaffApp } from "./shell/staff-app";

const style = document.createElement("style");
style.textContent = css;
document.head.appendChild(style);

const root = document.getElementById("staff-root");
if (root) createRoot(root).render(<StaffApp />);
