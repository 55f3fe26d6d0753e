/* runtime */ (function(){})();
