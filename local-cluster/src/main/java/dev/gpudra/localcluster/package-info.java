/**
 * A local stand-in for a cluster: an in-process API server ({@code api}) and a kubelet stand-in
 * that registers DRA plugins and calls them over their real Unix sockets ({@code kubelet}).
 */
package dev.gpudra.localcluster;
