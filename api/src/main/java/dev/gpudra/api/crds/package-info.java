/**
 * The CustomResourceDefinitions of NVIDIA's operator API ({@link
 * dev.gpudra.api.crds.ClusterPolicyCrds}): built from the records of {@code api.clusterpolicy} and
 * {@code api.nvidiadriver}, so neither of those packages depends on the other's CRD.
 */
package dev.gpudra.api.crds;
