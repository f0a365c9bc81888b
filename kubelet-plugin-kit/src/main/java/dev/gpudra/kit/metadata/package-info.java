/**
 * Device metadata (KEP-5304): for each request of a prepared claim, a JSON file with the devices'
 * attributes, bind-mounted read-only into the claim's containers through a CDI spec of its own, the
 * layout and format of {@code k8s.io/dynamic-resource-allocation/kubeletplugin} (v0.37).
 *
 * <p>Invariants: a file is a stream of the same {@code DeviceMetadata} object once per API version,
 * newest first, each encoded as Go's {@code encoding/json} indents it; a prepare writes generation
 * 1, so a repeated prepare (a retry, a restarted plugin) rewrites the same bytes; files are
 * replaced atomically and bounded in size; unprepare removes a claim's files and CDI specs.
 */
package dev.gpudra.kit.metadata;
