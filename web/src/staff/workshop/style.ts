// The workshop pages bring their own styles when their chunk loads: the
// staff document links no stylesheet, and the visitors' stylesheet must
// carry none of the staff app.
import css from "./workshop.css?inline";

if (typeof document !== "undefined" && !document.getElementById("ws-style")) {
  const style = document.createElement("style");
  style.id = "ws-style";
  style.textContent = css;
  document.head.appendChild(style);
}
