/**
 * MPS (MPSSupport): per claim group, an MPS control daemon as NVIDIA's plugin runs it, a Deployment
 * {@code mps-control-daemon-<claimUID>-<hash>} in the driver namespace pinned to this node, with
 * its pipe, shm (tmpfs) and log directories under {@code <plugins>/gpu.nvidia.com/mps/<id>}; the
 * claim's containers reach it through CDI edits ({@code CUDA_MPS_PIPE_DIRECTORY}, {@code
 * /dev/shm}).
 *
 * <p>prepare: plan ({@link MpsDaemon}) -> directories + tmpfs -> compute mode EXCLUSIVE_PROCESS ->
 * Deployment -> ready (else a retryable error) -> CDI edits; unprepare: Deployment deleted -> tmpfs
 * unmounted -> directories removed -> compute mode DEFAULT.
 */
package dev.gpudra.gpu.mps;
