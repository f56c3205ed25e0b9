import customersEnUS from "./customers/en-US.json";
import customersPlPL from "./customers/pl-PL.json";
import adminEnUS from "./admin/en-US.json";
import { describeCatalogueParity } from "./catalogue-parity";

describeCatalogueParity(
  "the Customers page's catalogues (i18n/customers, a lazy part)",
  { "en-US": customersEnUS, "pl-PL": customersPlPL },
  [adminEnUS],
);
