/**
 * What the API server keeps of a ResourceSlice: fields behind a kube-apiserver gate that is off are
 * dropped on write, silently. {@link dev.gpudra.kit.served.SliceFieldProbe} finds out at start with
 * a dry-run create, so that a plugin publishes only what is kept and refuses a mode that needs a
 * dropped field.
 */
package dev.gpudra.kit.served;
