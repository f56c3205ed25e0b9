import { useLocation, useParams } from "react-router";
import { paths } from "@/app/paths";
import { authSearch, redirectFrom } from "../redirect";

/**
 * The scheme of the auth screen, where to go once signed in (`target`), and the
 * query that carries that place from one auth screen to the next (`search`).
 */
export function useAuthTarget() {
  const { scheme = "" } = useParams();
  const location = useLocation();
  const redirect = redirectFrom(location.search, location.state, scheme);
  return {
    scheme,
    redirect,
    target: redirect ?? paths.home.root.getHref(scheme),
    search: authSearch(redirect),
  };
}
