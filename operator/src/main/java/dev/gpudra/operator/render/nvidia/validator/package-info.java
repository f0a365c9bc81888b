/**
 * {@code state-operator-validation} and {@code state-dra-validation}: NVIDIA's operator validator
 * (its steps, environment, runtime class and toolkit wait, which DCGM reuses) and NVIDIA's DRA
 * validator for the nodes on the DRA driver.
 */
package dev.gpudra.operator.render.nvidia.validator;
