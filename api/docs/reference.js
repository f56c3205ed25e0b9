// Renders /api/openapi.yaml with Redoc (loaded before this file, from this
// server). A file rather than an inline script: the server's
// Content-Security-Policy allows scripts from its own origin only.
(function () {
  var el = document.getElementById("reference");
  if (!window.Redoc) {
    el.textContent = "The reference renderer is missing from this build (make build copies it). " +
      "The contract itself is at /api/openapi.yaml.";
    return;
  }
  window.Redoc.init(el.getAttribute("data-spec"), {
    // Who may call each operation, from the server's route table.
    showExtensions: ["x-platter-access"],
    // Integrators think in paths (POST /api/v3/menu/list), not summaries.
    sideNavStyle: "path-only",
    requiredPropsFirst: true,
    hideDownloadButton: false
  }, el);
})();
