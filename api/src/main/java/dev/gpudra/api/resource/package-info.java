/**
 * What the custom resources of our APIs share: {@link dev.gpudra.api.resource.SpecStatusResource},
 * an object with metadata, a spec and a status, as Jackson and fabric8 read and write it.
 *
 * <p>Invariants: {@code apiVersion} and {@code kind} are the subclass's; equality is by class and
 * every field.
 */
package dev.gpudra.api.resource;
