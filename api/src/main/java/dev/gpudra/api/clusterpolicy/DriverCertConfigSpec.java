package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Custom certificates for the driver ({@code spec.driver.certConfig}).
 *
 * @param name the ConfigMap with the certificates
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DriverCertConfigSpec(String name) {}
