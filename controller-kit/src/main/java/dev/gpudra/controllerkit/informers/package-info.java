/**
 * Informer caches a controller reads instead of the API server: {@link
 * dev.gpudra.controllerkit.informers.Informers} starts a set of informers together and waits, with
 * a bound, until each has listed once; {@link dev.gpudra.controllerkit.informers.Cache} is one of
 * them with typed lookups and one change callback. Invariants: a lookup never calls the API server;
 * a set that fails to sync is closed whole before the failure is thrown.
 */
package dev.gpudra.controllerkit.informers;
