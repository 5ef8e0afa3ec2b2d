// Starts the app once the page has loaded and painted. The server's answer already shows the
// page (its prerendered first view), so its text and images take the network first; the
// app's code (named by the build in data-entry and data-preload) follows and takes over.
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute("data-entry");
  var preload = ((me && me.getAttribute("data-preload")) || "").split(" ").filter(Boolean);
  var started = false;
  if (!entry) return;
  // Trusted Types (the page's CSP requires them for script addresses): the one policy that
  // may name a script, and only a path of this site.
  var scripts =
    window.trustedTypes &&
    window.trustedTypes.createPolicy("tidemark-boot", {
      createScriptURL: function (url) {
        if (!/^\/[^\/\\]/.test(url)) throw new TypeError("not a script of this site: " + url);
        return url;
      },
    });
  function start() {
    if (started) return;
    started = true;
    preload.forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = scripts ? scripts.createScriptURL(entry) : entry;
    document.head.appendChild(script);
  }
  function afterPaint() {
    // The second frame comes after the first has been painted. A hidden tab paints no frames
    // and starts the app when it is shown. The timer is only a last resort, long after any
    // first paint: a browser that paints late (a busy machine, a headless one) must still
    // paint the page before the app's code runs, or the page's first paint waits for the app.
    requestAnimationFrame(function () {
      requestAnimationFrame(start);
    });
    setTimeout(start, 5000);
  }
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
})();
