/**
 * CDI spec files: the spec model, its version rules and durable per-claim writes, shared by every
 * driver.
 */
package dev.gpudra.kit.cdi;
