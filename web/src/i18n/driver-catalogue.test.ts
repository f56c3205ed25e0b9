import driverEnUS from "./driver/en-US.json";
import driverPlPL from "./driver/pl-PL.json";
import { describeCatalogueParity } from "./catalogue-parity";

describeCatalogueParity("the driver view's catalogues (i18n/driver, a lazy part)", {
  "en-US": driverEnUS,
  "pl-PL": driverPlPL,
});
