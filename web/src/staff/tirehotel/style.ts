// The tyre-hotel page bring their own styles when its chunk loads: the
// staff document links no stylesheet, and the visitors' stylesheet must
// carry none of the staff app.
import css from "./tirehotel.css?inline";

if (typeof document !== "undefined" && !document.getElementById("th-style")) {
  const style = document.createElement("style");
  style.id = "th-style";
  style.textContent = css;
  document.head.appendChild(style);
}
