import promotionsEnUS from "./promotions/en-US.json";
import promotionsPlPL from "./promotions/pl-PL.json";
import adminEnUS from "./admin/en-US.json";
import { describeCatalogueParity } from "./catalogue-parity";

describeCatalogueParity(
  "the Promotions page's catalogues (i18n/promotions, a lazy part)",
  { "en-US": promotionsEnUS, "pl-PL": promotionsPlPL },
  [adminEnUS],
);
