/**
 * NVIDIA's NVIDIADriver resources, pure: which one owns each GPU node (its selector, else the
 * default), refused by name when two claim one node, and the pools of an owner's nodes by OS, one
 * driver DaemonSet each, named as NVIDIA's names them.
 */
package dev.gpudra.operator.nvidiadriver;
