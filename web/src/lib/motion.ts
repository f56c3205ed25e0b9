/**
 * "smooth" unless the visitor asked the system for reduced motion, then
 * "auto" (a jump). Every scrollTo/scrollIntoView of the app goes through it;
 * styles/global.css does the same for CSS scroll-behavior.
 */
export function scrollBehavior(): ScrollBehavior {
  const reduce =
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  return reduce ? "auto" : "smooth";
}
