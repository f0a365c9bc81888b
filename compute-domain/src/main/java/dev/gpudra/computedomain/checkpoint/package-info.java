/**
 * The compute-domain plugin's checkpoint: its claims, gpu-dra's envelope and NVIDIA's format read.
 */
package dev.gpudra.computedomain.checkpoint;
