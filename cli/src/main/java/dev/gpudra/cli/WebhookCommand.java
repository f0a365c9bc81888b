package dev.gpudra.cli;

import dev.gpudra.api.featuregates.FeatureGates;
import dev.gpudra.webhook.admission.ClaimAdmission;
import dev.gpudra.webhook.admission.OpaqueConfigValidator;
import dev.gpudra.webhook.server.WebhookServer;
import dev.gpudra.webhook.tls.ReloadingKeyManager;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code gpu-dra webhook}: NVIDIA's validating admission webhook for opaque configs. */
@Command(
    name = "webhook",
    mixinStandardHelpOptions = true,
    description =
        "Serve the validating admission webhook for the opaque configs of ResourceClaims and"
            + " ResourceClaimTemplates until SIGTERM: HTTPS on --port, POST "
            + WebhookServer.VALIDATE_PATH
            + " (AdmissionReview v1) and GET "
            + WebhookServer.READY_PATH
            + ".")
final class WebhookCommand implements Callable<Integer> {
  private static final Logger log = LoggerFactory.getLogger(WebhookCommand.class);

  @Mixin(name = LoggingOptions.MIXIN)
  LoggingOptions logging = new LoggingOptions();

  @Option(
      names = "--tls-cert-file",
      required = true,
      description =
          "PEM file of the serving certificate (its CA, if any, after it); read again when it"
              + " changes.")
  Path certFile;

  @Option(
      names = "--tls-private-key-file",
      required = true,
      description =
          "PEM file of the private key matching --tls-cert-file (PKCS#8, PKCS#1 RSA or SEC1 EC).")
  Path keyFile;

  @Option(
      names = "--port",
      defaultValue = "443",
      description = "Secure port the webhook listens on (default ${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--feature-gates",
      defaultValue = "${env:FEATURE_GATES:-}",
      description =
          "Gate=true|false pairs, the kubelet plugins' own: configs are validated under them"
              + " (FEATURE_GATES).")
  String featureGates;

  @Override
  public Integer call() throws InterruptedException {
    if (port < 0 || port > 65535) {
      throw new InvalidArgumentsException("--port must be between 0 and 65535, got " + port);
    }
    ClaimAdmission admission =
        new ClaimAdmission(new OpaqueConfigValidator(FeatureGates.parse(featureGates)));
    ReloadingKeyManager keys = ReloadingKeyManager.load(certFile, keyFile);
    try (GracefulStop stop = GracefulStop.onSigterm();
        WebhookServer server = WebhookServer.start(new InetSocketAddress(port), keys, admission)) {
      log.info(
          "serving {} and {} over HTTPS on port {} with the certificate of {}, valid until {}",
          WebhookServer.VALIDATE_PATH,
          WebhookServer.READY_PATH,
          server.port(),
          keys.certificate().getSubjectX500Principal(),
          keys.certificate().getNotAfter().toInstant());
      stop.await();
    }
    return 0;
  }
}
