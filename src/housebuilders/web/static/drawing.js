// The games' drawings, as the pages show them: the server's SVG parsed into DOM nodes
// (never innerHTML), with anything that could run dropped first.

export const SVG_NS = "http://www.w3.org/2000/svg";

/** Parse the server's SVG into DOM nodes (never innerHTML), dropping anything active. */
export function parseSvg(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.namespaceURI !== SVG_NS || root.localName !== "svg") return null;
  if (doc.getElementsByTagName("parsererror").length) return null;
  for (const bad of root.querySelectorAll("script, foreignObject, iframe")) bad.remove();
  for (const node of [root, ...root.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim().toLowerCase();
      if (name.startsWith("on")) node.removeAttribute(attr.name);
      else if ((name === "href" || name === "xlink:href") && value.startsWith("javascript:")) {
        node.removeAttribute(attr.name);
      }
    }
  }
  return document.importNode(root, true);
}
