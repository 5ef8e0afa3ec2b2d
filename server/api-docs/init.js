// The interactive API reference (Swagger UI carried in the server binary:
// server/src/api_docs.rs). Calls made from it carry the `_off_set` header every
// state-changing call needs, and the browser's session cookies.
window.addEventListener("load", () => {
  window.ui = SwaggerUIBundle({
    url: "/api-docs/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    tryItOutEnabled: true,
    requestInterceptor: (request) => {
      if (!request.headers["_off_set"]) request.headers["_off_set"] = String(-new Date().getTimezoneOffset());
      request.credentials = "same-origin";
      return request;
    },
  });
});
