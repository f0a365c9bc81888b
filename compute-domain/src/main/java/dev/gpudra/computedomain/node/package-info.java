/** Facts of the node the compute-domain plugin runs on: its IMEX devices. */
package dev.gpudra.computedomain.node;
