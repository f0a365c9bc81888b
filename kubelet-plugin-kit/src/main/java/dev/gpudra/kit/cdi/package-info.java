/**
 * CDI spec files: the spec model, its version rules and durable per-claim writes, shared by every
 * driver. Specs are written by a dedicated YAML writer whose text is Jackson's YAML mapper's
 * (except that it never folds a long quoted line) and read back by the strict Jackson reader.
 */
package dev.gpudra.kit.cdi;
