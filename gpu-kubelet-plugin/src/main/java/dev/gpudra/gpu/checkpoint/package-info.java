/**
 * The plugin's own on-disk record of prepared claims: {@code <dataDir>/checkpoint.json}, a
 * versioned envelope {@code {"version": 1, "checksum": "<sha256>", "data": {...}}} around a {@link
 * dev.gpudra.gpu.checkpoint.CheckpointV1}.
 *
 * <p>Invariants: the checksum covers a canonical rendering of the parsed {@code data} tree (sorted
 * keys, no whitespace), so formatting, field order and fields added by newer versions never break
 * verification; unknown fields are ignored on read. Every mutation is read-modify-write under the
 * file lock {@code <dataDir>/cp.lock} and lands by atomic replace (temp file, rename; no fsync: a
 * reboot voids the checkpoint anyway, see {@link dev.gpudra.kit.files.AtomicFile}). A reboot
 * (different boot ID) empties the checkpoint, and so does a file damaged by a power loss (older
 * than the boot); an unreadable file is set aside as {@code checkpoint.json.corrupt-<n>} and never
 * crashes the plugin. Encoding renders only the claims an update replaced (the others are the same
 * instances, their texts kept by {@code ClaimTexts}); the file's bytes are what sealing the whole
 * tree writes.
 */
package dev.gpudra.gpu.checkpoint;
