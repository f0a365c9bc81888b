/**
 * CDI spec files: the spec model, its version rules and durable per-claim writes, shared by every
 * driver. Specs are written and read by Jackson's YAML mapper (writes never fold a long quoted
 * line; reads refuse unknown fields).
 */
package dev.gpudra.kit.cdi;
