/**
 * Checkpoint plumbing shared by every driver: claim states, corruption and lock errors, canonical
 * JSON for checksums, and fragments ({@link dev.gpudra.kit.checkpoint.FragmentCache}) so that an
 * update re-renders only the entries it changed.
 *
 * <p>Invariant: a data tree holding fragments seals to the same bytes, and the same checksum, as
 * the plain tree it stands for (proved over random trees by {@code JsonFragmentTest}).
 */
package dev.gpudra.kit.checkpoint;
