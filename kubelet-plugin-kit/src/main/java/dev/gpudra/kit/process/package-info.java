/**
 * What Java's process API lacks for supervising a node program: sending it a signal other than
 * SIGTERM/SIGKILL ({@link dev.gpudra.kit.process.Signals}, libc {@code kill} through JNA).
 */
package dev.gpudra.kit.process;
