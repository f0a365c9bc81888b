/**
 * The in-process API server: fabric8's mock server in CRUD mode on 127.0.0.1, a client for it and a
 * kubeconfig that points at it. It accepts field selectors only on {@code metadata.*}; callers
 * filter other fields themselves.
 */
package dev.gpudra.localcluster.api;
