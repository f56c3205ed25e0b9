import webhooksEnUS from "./webhooks/en-US.json";
import webhooksPlPL from "./webhooks/pl-PL.json";
import adminEnUS from "./admin/en-US.json";
import customersEnUS from "./customers/en-US.json";
import { describeCatalogueParity } from "./catalogue-parity";

describeCatalogueParity(
  "the Webhooks page's catalogues (i18n/webhooks, a lazy part)",
  { "en-US": webhooksEnUS, "pl-PL": webhooksPlPL },
  [adminEnUS, customersEnUS],
);
