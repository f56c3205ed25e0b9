export { bindReact, type Translation, type TransProps } from "./react";
export { createI18n, type CatalogueLoader, type I18n, type Translate } from "./runtime";
export {
  flatten,
  interpolate,
  pluralCategory,
  template,
  translate,
  type Messages,
  type Values,
} from "./translate";
