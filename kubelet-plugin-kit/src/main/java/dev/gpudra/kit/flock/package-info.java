/**
 * {@code flock(2)} locks through JNA, the kind NVIDIA's plugins take on {@code pu.lock} and {@code
 * cp.lock}, so that ours and theirs exclude each other on one node.
 */
package dev.gpudra.kit.flock;
