/**
 * How a gpu-dra controller runs on java-operator-sdk, the same for the operator and the
 * ComputeDomain controller: {@link dev.gpudra.controllerkit.runtime.ControllerRuntime} starts it in
 * one order (the client's operator, the leader election, the informers synced, the reconcilers
 * registered, started), says whether it is healthy, and stops it in the reverse order. Writes are
 * plain creates, updates and patches, never server-side apply. Invariants: a failed start leaves no
 * informer running; a lease lost while closing is not reported.
 */
package dev.gpudra.controllerkit.runtime;
