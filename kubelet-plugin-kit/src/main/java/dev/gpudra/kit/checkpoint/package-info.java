/**
 * Checkpoint plumbing shared by every driver: claim states, corruption and lock errors, canonical
 * JSON for checksums.
 */
package dev.gpudra.kit.checkpoint;
