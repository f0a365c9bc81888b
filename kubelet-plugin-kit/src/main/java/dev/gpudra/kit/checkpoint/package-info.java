/**
 * Checkpoint plumbing shared by every driver: the checkpoint file ({@link
 * dev.gpudra.kit.checkpoint.CheckpointFile}: lock, atomic replace, boot ID), the one codec ({@link
 * dev.gpudra.kit.checkpoint.ChecksummedEnvelope}), claim states, and corruption and lock errors.
 *
 * <p>Invariant: the checksum is SHA-256 over the canonical text of the data tree (keys sorted, no
 * whitespace), so formatting and field order never break verification (checked against the first
 * definition over random trees by {@code ChecksummedEnvelopeTest}). A block of data rendered by its
 * owner seals to the bytes of the whole tree ({@code CheckpointCodecTest}).
 */
package dev.gpudra.kit.checkpoint;
