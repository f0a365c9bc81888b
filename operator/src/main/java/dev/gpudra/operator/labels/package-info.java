/**
 * The node labels NVIDIA's GPU Operator writes, as pure rules over a node's labels and the
 * ClusterPolicy: {@code nvidia.com/gpu.present} from NFD's PCI labels, the {@code
 * nvidia.com/gpu.deploy.<operand>} labels of the node's workload config (and of its GPU stack: the
 * device plugin or gpu-dra's DRA driver), {@code nvidia.com/gpu.deploy.operands=false}, and the MIG
 * manager's default layout.
 *
 * <p>Invariants: the rules only compute changes ({@link dev.gpudra.operator.labels.LabelChanges}),
 * never write; a deploy label's existing non-empty value (a pause such as {@code
 * paused-for-driver-upgrade}) is kept; an empty value counts as absent; labels the rules do not own
 * are never touched.
 */
package dev.gpudra.operator.labels;
