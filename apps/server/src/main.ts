/**
 * @module
 * Production entry: serves the built web app (apps/web/build) with the API, on one port.
 *
 * React and React Router choose their production or development code from `NODE_ENV` when first
 * loaded, and nothing else set it: `npm start` rendered every page with React's development build
 * (its checks and warnings cost a miss half its CPU, decision 014). Unless the operator chose
 * otherwise, this process is production, before anything loads React (hence the late imports).
 */
process.env.NODE_ENV ??= "production";
const { loadWebBuild } = await import("./routes/web-build");
const { runServer } = await import("./server");

await runServer({ loadWeb: () => loadWebBuild() });
