/**
 * OpenAPI v3 schemas for CustomResourceDefinitions, read off the Java types that model a resource:
 * records (their components, Jackson names, {@code @JsonUnwrapped} parts inlined), Java enums,
 * lists, string maps and the fabric8 Kubernetes model's types, so a CRD's schema and the types that
 * decode its objects cannot drift apart.
 *
 * <p>Invariants: a schema states only what the annotations and types say ({@link
 * dev.gpudra.api.schema.Required}, {@link dev.gpudra.api.schema.Default}, {@link
 * dev.gpudra.api.schema.Pattern}, {@link dev.gpudra.api.schema.Minimum}); a type the generator
 * cannot describe is an error, never an open object.
 */
package dev.gpudra.api.schema;
