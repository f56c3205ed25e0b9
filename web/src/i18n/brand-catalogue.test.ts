import brandEnUS from "./brand/en-US.json";
import brandPlPL from "./brand/pl-PL.json";
import adminEnUS from "./admin/en-US.json";
import { describeCatalogueParity } from "./catalogue-parity";

describeCatalogueParity(
  "the Brand page's catalogues (i18n/brand, a lazy part)",
  { "en-US": brandEnUS, "pl-PL": brandPlPL },
  [adminEnUS],
);
