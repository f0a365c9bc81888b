/**
 * NVIDIA's operands as data: each state's base objects live under {@code
 * operands/state-<name>/NNNN_<kind>.yaml} on the class path, in the layout and file names of
 * NVIDIA's {@code assets/}, each state's {@code PROVENANCE.yaml} listing its files in apply order
 * with the upstream asset each one corresponds to. {@code OperandAssets} loads a state strictly (an
 * unknown kind, field or type, or a missing file, is an {@code AssetException} naming the resource
 * and the field) and fills the namespace; the operand packages apply the ClusterPolicy's settings
 * to the loaded objects. Every value the policy decides is the {@code Placeholders.MARKER} in the
 * file, and {@code StateAssets#objects()} refuses a render that left one. The bundled states (one
 * directory per {@code OperandState}) are parsed and checked once, when the class loads. Depends on
 * {@code render} and {@code states} only.
 */
package dev.gpudra.operator.render.nvidia.asset;
