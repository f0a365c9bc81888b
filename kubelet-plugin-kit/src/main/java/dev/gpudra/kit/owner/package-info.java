/**
 * One plugin process per driver and node: {@link dev.gpudra.kit.owner.NodeOwner} holds an exclusive
 * {@code flock(2)} on {@code <plugin data dir>/owner.lock} for the process's life, so a second
 * instance (a surge rollout, a manual run) waits and then stops with a clear message instead of
 * taking over the sockets, the checkpoint and the CDI specs of the running one.
 */
package dev.gpudra.kit.owner;
