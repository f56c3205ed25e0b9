/**
 * The menu route: the menu feature with the basket feature beside it (features
 * do not import each other, so they meet here).
 */
import { Basket } from "@/features/basket/components/basket";
import { MenuPage } from "@/features/menu/components/menu-page";

export function MenuRoute() {
  return <MenuPage aside={<Basket />} />;
}
